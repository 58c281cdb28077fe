<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.9" tiledversion="1.9.0" name="grid" tilewidth="4" tileheight="3" spacing="1" margin="1" tilecount="12" columns="3">
 <image source="../../art/grid.png" width="16" height="17"/>
 <tile id="0">
  <properties>
   <property name="pivot" value="2,1.5"/>
   <property name="sprite" value="grid/0"/>
  </properties>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="0,0 4,0 4,3 0,3"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="1">
  <properties>
   <property name="pivot" value="2,1.5"/>
   <property name="sprite" value="grid/1"/>
  </properties>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="0,0 4,0 4,3 0,3"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="2">
  <properties>
   <property name="pivot" value="2,1.5"/>
   <property name="sprite" value="grid/2"/>
  </properties>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="0,0 4,0 4,3 0,3"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="3">
  <properties>
   <property name="pivot" value="2,1.5"/>
   <property name="sprite" value="grid/3"/>
  </properties>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="0,0 4,0 4,3 0,3"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="4">
  <properties>
   <property name="pivot" value="2,1.5"/>
   <property name="sprite" value="grid/4"/>
  </properties>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="0,0 4,0 4,3 0,3"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="5">
  <properties>
   <property name="pivot" value="2,1.5"/>
   <property name="sprite" value="grid/5"/>
  </properties>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="0,0 4,0 4,3 0,3"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="6">
  <properties>
   <property name="pivot" value="2,1.5"/>
   <property name="sprite" value="grid/6"/>
  </properties>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="0,0 4,0 4,3 0,3"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="7">
  <properties>
   <property name="pivot" value="2,1.5"/>
   <property name="sprite" value="grid/7"/>
  </properties>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="0,0 4,0 4,3 0,3"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="8">
  <properties>
   <property name="pivot" value="2,1.5"/>
   <property name="sprite" value="grid/8"/>
  </properties>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="0,0 4,0 4,3 0,3"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="9">
  <properties>
   <property name="pivot" value="2,1.5"/>
   <property name="sprite" value="grid/9"/>
  </properties>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="0,0 4,0 4,3 0,3"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="10">
  <properties>
   <property name="pivot" value="2,1.5"/>
   <property name="sprite" value="grid/10"/>
  </properties>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="0,0 4,0 4,3 0,3"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="11">
  <properties>
   <property name="pivot" value="2,1.5"/>
   <property name="sprite" value="grid/11"/>
  </properties>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="0,0 4,0 4,3 0,3"/>
   </object>
  </objectgroup>
 </tile>
</tileset>
