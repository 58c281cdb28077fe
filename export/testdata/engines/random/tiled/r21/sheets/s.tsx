<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.9" tiledversion="1.9.0" name="s" tilewidth="8" tileheight="8" tilecount="2" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" x="1" y="1" width="8" height="8">
  <properties>
   <property name="pivot" value="57723270.73236823,7.999999908464763"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r21/sheets/s/0"/>
  </properties>
  <image source="../../../../art/r21/sheets/s.png"/>
 </tile>
 <tile id="1" x="41" y="1" width="8" height="8">
  <properties>
   <property name="pivot" value="4,22"/>
   <property name="sprite" value="r21/sheets/s/4"/>
  </properties>
  <image source="../../../../art/r21/sheets/s.png"/>
 </tile>
</tileset>
