<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.9" tiledversion="1.9.0" name="sheet" tilewidth="3" tileheight="6" tilecount="1" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" x="10" y="2" width="3" height="6">
  <properties>
   <property name="pivot" value="1,3"/>
   <property name="rotated" type="bool" value="true"/>
   <property name="turn" type="int" value="90"/>
   <property name="sprite" value="sheet/f"/>
  </properties>
  <image source="../../art/sheet.png"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="3,0 3,6 0,6 0,0"/>
   </object>
  </objectgroup>
 </tile>
</tileset>
